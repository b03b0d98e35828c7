/**
 * The onboarding progress bar of spec §2.2: Install, Signup, Connect, Finish, with the current step marked
 * (visually by MUI's Stepper, for assistive technology by aria-current) and the steps the visitor has done
 * (a check mark, and "done" for screen readers), which need not be those before the current one.
 */
import Box from '@mui/material/Box';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export const ONBOARDING_STEPS = ['Install', 'Signup', 'Connect', 'Finish'] as const;

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

export interface ProgressStepsProps {
  /** Index of the current step in `steps` (-1: none). */
  current: number;
  /** Per step, whether it is done. Absent: the steps before the current one. */
  completed?: readonly boolean[];
  steps?: readonly string[];
}

export default function ProgressSteps({ current, completed, steps = ONBOARDING_STEPS }: ProgressStepsProps) {
  return (
    <nav aria-label="Onboarding progress">
      <Stepper activeStep={current} alternativeLabel sx={{ '& .MuiStepLabel-label': { mt: 0.5 } }}>
        {steps.map((label, index) => {
          const done = completed ? Boolean(completed[index]) : index < current;
          return (
            <Step key={label} completed={done} aria-current={index === current ? 'step' : undefined}>
              <StepLabel>
                {label}
                {done ? (
                  <Box component="span" sx={visuallyHidden}>
                    {' (done)'}
                  </Box>
                ) : null}
              </StepLabel>
            </Step>
          );
        })}
      </Stepper>
    </nav>
  );
}
