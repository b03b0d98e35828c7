import TextInput from '../../../components/TextInput';
import { t } from '../../../i18n';

export interface EmailFieldProps {
  value: string;
  onChange: (value: string) => void;
}

/** The required "Email" input of the auth forms (name `email`, browser autofill on). */
export default function EmailField({ value, onChange }: EmailFieldProps) {
  return (
    <TextInput
      label={t('Email')}
      name="email"
      type="email"
      autoComplete="email"
      required
      fullWidth
      value={value}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
