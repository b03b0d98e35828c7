/**
 * An icon button drawn as MUI's IconButton draws it in its default colour (the same element, classes,
 * sizes, edges, hover and centred ripple), without the other colours and the loading state. IconButton
 * carries every palette colour's rules and its spinner's slot: about 1 KB gzip of the first loads that draw
 * one (the password field's show/hide, the credits hint on /pricing, the phone's menu button;
 * docs/performance.md#size-budgets).
 */
import ButtonBase, { type ButtonBaseProps } from '@mui/material/ButtonBase';
import { styled } from '@mui/material/styles';
import { forwardRef } from 'react';

interface PlainIconButtonProps extends ButtonBaseProps {
  /** Pulls the button into the edge of its container, as IconButton's `edge`. */
  edge?: 'start' | 'end' | false;
  size?: 'small' | 'medium';
}

// IconButton's rules for the default colour, in MUI's order.
const Root = styled(ButtonBase)(({ theme }) => ({
  textAlign: 'center',
  flex: '0 0 auto',
  fontSize: theme.typography.pxToRem(24),
  padding: 8,
  borderRadius: '50%',
  color: theme.palette.action.active,
  transition: theme.transitions.create('background-color', {
    duration: theme.transitions.duration.shortest,
  }),
  '--IconButton-hoverBg': theme.alpha(theme.palette.action.active, theme.palette.action.hoverOpacity),
  '&:hover': {
    backgroundColor: 'var(--IconButton-hoverBg)',
    '@media (hover: none)': { backgroundColor: 'transparent' },
  },
  '&.MuiIconButton-edgeStart': { marginLeft: -12 },
  '&.MuiIconButton-edgeStart.MuiIconButton-sizeSmall': { marginLeft: -3 },
  '&.MuiIconButton-edgeEnd': { marginRight: -12 },
  '&.MuiIconButton-edgeEnd.MuiIconButton-sizeSmall': { marginRight: -3 },
  '&.MuiIconButton-sizeSmall': { padding: 5, fontSize: theme.typography.pxToRem(18) },
  '&.Mui-disabled': { backgroundColor: 'transparent', color: theme.palette.action.disabled },
}));

const PlainIconButton = forwardRef<HTMLButtonElement, PlainIconButtonProps>(function PlainIconButton(
  { edge = false, size = 'medium', className, ...rest },
  ref,
) {
  const classes = [
    'MuiIconButton-root',
    rest.disabled && 'Mui-disabled',
    edge && `MuiIconButton-edge${edge === 'start' ? 'Start' : 'End'}`,
    `MuiIconButton-size${size === 'small' ? 'Small' : 'Medium'}`,
    className,
  ];
  return <Root ref={ref} centerRipple focusRipple className={classes.filter(Boolean).join(' ')} {...rest} />;
});

export default PlainIconButton;
