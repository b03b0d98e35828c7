/**
 * The onboarding progress bar of spec §2.2: Install, Signup, Connect, Finish, with the current step marked
 * (visually by MUI's Stepper, for assistive technology by aria-current).
 */
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

export const ONBOARDING_STEPS = ['Install', 'Signup', 'Connect', 'Finish'] as const;

export interface ProgressStepsProps {
  /** Index of the current step in `steps`; steps before it show as done. */
  current: number;
  steps?: readonly string[];
}

export default function ProgressSteps({ current, steps = ONBOARDING_STEPS }: ProgressStepsProps) {
  return (
    <nav aria-label="Onboarding progress">
      <Stepper activeStep={current} alternativeLabel sx={{ '& .MuiStepLabel-label': { mt: 0.5 } }}>
        {steps.map((label, index) => (
          <Step key={label} aria-current={index === current ? 'step' : undefined}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
    </nav>
  );
}
