/**
 * An outlined text field that looks and behaves like MUI's `<TextField>` (label, helper text, the same
 * ids and aria wiring), built from the parts TextField is made of (the label drawn by OutlinedLabel). TextField imports Select, and with it
 * Popover, Menu, Modal and the focus trap, on every page with a text box: about 17 KB gzipped of the
 * public pages' first load (docs/performance.md#size-budgets); the helper text is drawn here too. Use `<TextField select>` only
 * where a select is wanted.
 */
import FormControl from '@mui/material/FormControl';
import Box from '@mui/material/Box';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import OutlinedLabel from './OutlinedLabel';
import { useId, type HTMLAttributes, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  | 'autoComplete'
  | 'autoFocus'
  | 'disabled'
  | 'error'
  | 'fullWidth'
  | 'multiline'
  | 'minRows'
  | 'maxRows'
  | 'rows'
  | 'name'
  | 'onBlur'
  | 'onChange'
  | 'onFocus'
  | 'placeholder'
  | 'required'
  | 'size'
  | 'type'
  | 'value'
> {
  label?: ReactNode;
  helperText?: ReactNode;
  id?: string;
  inputRef?: Ref<HTMLInputElement>;
  margin?: 'none' | 'dense' | 'normal';
  sx?: SxProps<Theme>;
  className?: string;
  /** As TextField's: `input` for the OutlinedInput (adornments), `htmlInput` for the `<input>` itself. */
  slotProps?: {
    input?: Partial<OutlinedInputProps>;
    htmlInput?: InputHTMLAttributes<HTMLInputElement> & Record<`data-${string}`, string>;
    formHelperText?: HTMLAttributes<HTMLParagraphElement>;
  };
}

export default function TextInput({
  label,
  helperText,
  id: idProp,
  disabled,
  error,
  fullWidth,
  required,
  size,
  margin,
  sx,
  className,
  slotProps,
  ...input
}: TextInputProps) {
  const generated = useId();
  const id = idProp ?? generated;
  const hasLabel = label != null && label !== '';
  const helperTextId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl
      className={className}
      disabled={disabled}
      error={error}
      fullWidth={fullWidth}
      required={required}
      size={size}
      margin={margin}
      sx={sx}
    >
      {hasLabel && (
        <OutlinedLabel htmlFor={id} id={`${id}-label`}>
          {label}
        </OutlinedLabel>
      )}
      <OutlinedInput
        {...input}
        id={id}
        label={hasLabel ? label : undefined}
        aria-describedby={helperTextId}
        inputProps={slotProps?.htmlInput}
        {...slotProps?.input}
      />
      {helperText && (
        // Drawn as the outlined field's FormHelperText is (caption, 3 px below, 14 px in), without it.
        <Box
          component="p"
          id={helperTextId}
          {...slotProps?.formHelperText}
          sx={{
            typography: 'caption',
            textAlign: 'left',
            m: 0,
            mt: size === 'small' ? '4px' : '3px',
            mx: '14px',
            color: error ? 'error.main' : disabled ? 'text.disabled' : 'text.secondary',
          }}
        >
          {helperText}
        </Box>
      )}
    </FormControl>
  );
}
