/**
 * Stands in for MUI's createSvgIcon where @mui/icons-material imports it (webpack.config.js): each icon
 * draws the `<svg>` MUI's SvgIcon draws for it (the same classes, size, colour, title and attributes)
 * without SvgIcon itself, which brings a style variant for every palette colour and the `component`,
 * `inheritViewBox` and svg-as-child cases no icon of the app uses: about 0.7 KB gzip of every first load
 * with an icon (docs/performance.md#size-budgets). MUI's own components keep their SvgIcon.
 */
import { styled, type SxProps, type Theme } from '@mui/material/styles';
import { forwardRef, memo, type ReactNode, type SVGProps } from 'react';

type Colour =
  'inherit' | 'action' | 'disabled' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';

/** SvgIcon's font sizes, in px. */
const FONT_SIZES = { small: 20, medium: 24, large: 35 } as const;

type FontSize = 'inherit' | keyof typeof FONT_SIZES;

interface IconProps extends Omit<SVGProps<SVGSVGElement>, 'color' | 'fontSize' | 'ref'> {
  color?: Colour;
  fontSize?: FontSize;
  htmlColor?: string;
  titleAccess?: string;
  sx?: SxProps<Theme>;
}

const capitalized = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

// SvgIcon's rules for an icon drawn from its path, in MUI's order.
const Svg = styled('svg')<{ ownerState: { color: Colour; fontSize: FontSize } }>(({ theme, ownerState }) => {
  const { color, fontSize } = ownerState;
  const palette = theme.palette;
  return {
    userSelect: 'none',
    width: '1em',
    height: '1em',
    display: 'inline-block',
    flexShrink: 0,
    transition: theme.transitions.create('fill', { duration: theme.transitions.duration.shorter }),
    fill: 'currentColor',
    fontSize: fontSize === 'inherit' ? 'inherit' : theme.typography.pxToRem(FONT_SIZES[fontSize]),
    color:
      color === 'inherit'
        ? undefined
        : color === 'action'
          ? palette.action.active
          : color === 'disabled'
            ? palette.action.disabled
            : palette[color].main,
  };
});

export default function createSvgIcon(path: ReactNode, _name: string) {
  const Icon = forwardRef<SVGSVGElement, IconProps>(function Icon(
    {
      className,
      color = 'inherit',
      fontSize = 'medium',
      htmlColor,
      titleAccess,
      viewBox = '0 0 24 24',
      ...rest
    },
    ref,
  ) {
    const classes = [
      'MuiSvgIcon-root',
      color !== 'inherit' && `MuiSvgIcon-color${capitalized(color)}`,
      `MuiSvgIcon-fontSize${capitalized(fontSize)}`,
      className,
    ];
    return (
      <Svg
        ownerState={{ color, fontSize }}
        className={classes.filter(Boolean).join(' ')}
        focusable="false"
        color={htmlColor}
        aria-hidden={titleAccess ? undefined : true}
        role={titleAccess ? 'img' : undefined}
        ref={ref}
        viewBox={viewBox}
        {...rest}
      >
        {path}
        {titleAccess ? <title>{titleAccess}</title> : null}
      </Svg>
    );
  });
  return memo(Icon);
}
