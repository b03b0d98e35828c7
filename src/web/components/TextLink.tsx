/**
 * A text link that looks like MUI's `<Link>` (underline always, the underline a lighter shade of the
 * text), to a route (`to`) or an address (`href`). MUI's Link costs about 2 KB gzipped of every public
 * first load for what these few rules do (docs/performance.md#size-budgets). The focus ring is the theme's, as for every element.
 */
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';

type Target = { to: string; href?: never } | { href: string; to?: never };

export type TextLinkProps = Target & {
  /** The text style: the paragraph's own (inherit, the default) or body2. */
  variant?: 'inherit' | 'body2';
  /** The primary colour (the default) or the surrounding text's. */
  color?: 'primary' | 'inherit';
  target?: string;
  rel?: string;
  sx?: SxProps<Theme>;
  children: ReactNode;
};

export default function TextLink({
  to,
  href,
  variant = 'inherit',
  color = 'primary',
  sx,
  ...rest
}: TextLinkProps) {
  const route = to === undefined ? { component: 'a' as const, href } : { component: RouterLink, to };
  return (
    <Box
      {...route}
      {...rest}
      sx={[
        (theme) => ({
          ...(variant === 'body2' ? theme.typography.body2 : { font: 'inherit' }),
          color: color === 'primary' ? theme.palette.primary.main : 'inherit',
          textDecoration: 'underline',
          textDecorationColor:
            color === 'primary'
              ? theme.alpha(theme.palette.primary.main, 0.4)
              : 'color-mix(in srgb, currentColor 40%, transparent)',
          '&:hover': { textDecorationColor: 'inherit' },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
