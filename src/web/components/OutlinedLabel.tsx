/**
 * The label of TextInput's outlined field, drawn as MUI's InputLabel draws it there (the FormLabel it is
 * made of included): the same element, classes, `data-shrink`, states, colours and motion, from the field's
 * state (FormControl). InputLabel and FormLabel carry every variant and colour MUI has (filled, standard,
 * animation off, ...), about 2 KB gzip of the first load of every page with a text box
 * (docs/performance.md#size-budgets); this is the outlined one.
 */
import { useFormControl } from '@mui/material/FormControl';
import { styled } from '@mui/material/styles';
import type { ReactNode } from 'react';

// FormLabel's rules, then InputLabel's for an outlined field in a FormControl, in MUI's order.
const Label = styled('label')(({ theme }) => ({
  color: theme.palette.text.secondary,
  ...theme.typography.body1,
  lineHeight: '1.4375em',
  padding: 0,
  '&.Mui-focused': { color: theme.palette.primary.main },
  '&.Mui-disabled': { color: theme.palette.text.disabled },
  '&.Mui-error': { color: theme.palette.error.main },
  display: 'block',
  transformOrigin: 'top left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  position: 'absolute',
  left: 0,
  top: 0,
  transition: theme.transitions.create(['color', 'transform', 'max-width'], {
    duration: theme.transitions.duration.shorter,
    easing: theme.transitions.easing.easeOut,
  }),
  zIndex: 1,
  pointerEvents: 'none',
  transform: 'translate(14px, 16px) scale(1)',
  maxWidth: 'calc(100% - 24px)',
  '&.MuiInputLabel-sizeSmall': { transform: 'translate(14px, 9px) scale(1)' },
  '&.MuiInputLabel-shrink': {
    userSelect: 'none',
    pointerEvents: 'auto',
    maxWidth: 'calc(133% - 32px)',
    transform: 'translate(14px, -9px) scale(0.75)',
  },
  '& .MuiFormLabel-asterisk.Mui-error': { color: theme.palette.error.main },
}));

export default function OutlinedLabel({
  htmlFor,
  id,
  children,
}: {
  htmlFor: string;
  id: string;
  children: ReactNode;
}) {
  const field = useFormControl();
  // Up (shrunk into the outline's notch) once the field has a value, has focus or starts with an adornment.
  const shrink = Boolean(field?.filled || field?.focused || field?.adornedStart);
  const states = [
    field?.disabled && 'Mui-disabled',
    field?.error && 'Mui-error',
    field?.filled && 'MuiFormLabel-filled',
    field?.focused && 'Mui-focused',
    field?.required && 'Mui-required',
  ];
  const className = [
    'MuiFormLabel-root MuiInputLabel-root MuiInputLabel-formControl MuiInputLabel-animated',
    shrink && 'MuiInputLabel-shrink',
    field?.size === 'small' && 'MuiInputLabel-sizeSmall',
    'MuiInputLabel-outlined MuiFormLabel-colorPrimary',
    ...states,
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <Label data-shrink={shrink} htmlFor={htmlFor} id={id} className={className}>
      {children}
      {field?.required && (
        <span
          aria-hidden
          className={`MuiFormLabel-asterisk MuiInputLabel-asterisk${field.error ? ' Mui-error' : ''}`}
        >
          {'\u2009'}
          {'*'}
        </span>
      )}
    </Label>
  );
}
