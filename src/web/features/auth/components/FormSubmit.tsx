import Button from '@mui/material/Button';
import type { ReactNode } from 'react';
import ErrorAlert from '../../../components/ErrorAlert';

export interface FormSubmitProps {
  /** The button's text (its busy text while the form is sending). */
  children: ReactNode;
  disabled: boolean;
  /** The form's error, shown above the button (see ErrorAlert); omit it when the page shows its own. */
  error?: string | null;
}

/** The end of an auth form: its error, if any, then the submit button. */
export default function FormSubmit({ children, disabled, error }: FormSubmitProps) {
  return (
    <>
      <ErrorAlert error={error} />
      <Button type="submit" variant="contained" size="large" disabled={disabled}>
        {children}
      </Button>
    </>
  );
}
