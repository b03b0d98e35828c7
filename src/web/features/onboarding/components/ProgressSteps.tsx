/**
 * The onboarding progress bar (docs/product.md#progress-bar): Install, Signup, Connect, Finish, with the current step marked
 * (visually, for assistive technology by aria-current) and the steps the visitor has done (a check mark,
 * and "done" for screen readers), which need not be those before the current one. Drawn as MUI's
 * Stepper with `alternativeLabel` draws it (numbered circles, connectors, labels below), without the
 * Stepper, Step, StepLabel, StepIcon and StepConnector modules every public page's first load carried.
 */
import Box from '@mui/material/Box';
import { t, translated } from '../../../i18n';
import { visuallyHidden } from '../../../components/visually-hidden';

const ONBOARDING_STEPS = ['Install', 'Signup', 'Connect', 'Finish'] as const;

/** MUI's CheckCircle icon, which StepIcon shows for a completed step. */
const CHECK_CIRCLE = 'M12 0a12 12 0 1 0 0 24 12 12 0 0 0 0-24zm-2 17-5-5 1.4-1.4 3.6 3.6 7.6-7.6L19 8l-9 9z';

export interface ProgressStepsProps {
  /** Index of the current step in `steps` (-1: none). */
  current: number;
  /** Per step, whether it is done. Absent: the steps before the current one. */
  completed?: readonly boolean[];
  steps?: readonly string[];
}

export default function ProgressSteps({ current, completed, steps = ONBOARDING_STEPS }: ProgressStepsProps) {
  return (
    <nav aria-label={t('Onboarding progress')}>
      <Box component="ol" sx={{ display: 'flex', listStyle: 'none', m: 0, p: 0 }}>
        {steps.map((label, index) => {
          const done = completed ? Boolean(completed[index]) : index < current;
          const active = index === current;
          const lit = done || active;
          return (
            <Box
              component="li"
              key={label}
              aria-current={active ? 'step' : undefined}
              sx={{ flex: 1, position: 'relative', px: 1, textAlign: 'center' }}
            >
              {index > 0 && (
                // The connector from the previous step, between the two circles.
                <Box
                  aria-hidden="true"
                  sx={{
                    position: 'absolute',
                    top: 12,
                    left: 'calc(-50% + 20px)',
                    right: 'calc(50% + 20px)',
                    borderTop: 1,
                    borderColor: 'grey.400',
                  }}
                />
              )}
              <Box
                component="svg"
                viewBox="0 0 24 24"
                aria-hidden="true"
                sx={{
                  display: 'block',
                  mx: 'auto',
                  width: 24,
                  height: 24,
                  color: lit ? 'primary.main' : 'text.disabled',
                  fill: 'currentColor',
                }}
              >
                {done ? (
                  <path d={CHECK_CIRCLE} />
                ) : (
                  <>
                    <circle cx="12" cy="12" r="12" />
                    <text
                      x="12"
                      y="12"
                      textAnchor="middle"
                      dominantBaseline="central"
                      fill="#fff"
                      fontSize="0.75rem"
                      fontFamily="inherit"
                    >
                      {index + 1}
                    </text>
                  </>
                )}
              </Box>
              <Box
                component="span"
                sx={{
                  display: 'block',
                  mt: 2,
                  typography: 'body2',
                  color: lit ? 'text.primary' : 'text.secondary',
                  fontWeight: lit ? 500 : 400,
                }}
              >
                {translated(label)}
                {done ? (
                  // A style, not sx: in sx a width of 1 means 100%, which left the label as wide as its text.
                  <span style={visuallyHidden}>{` ${t('(done)')}`}</span>
                ) : null}
              </Box>
            </Box>
          );
        })}
      </Box>
    </nav>
  );
}
