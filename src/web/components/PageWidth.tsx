/**
 * A centred column of at most `maxWidth` with side padding, as MUI's `<Container>` draws it. Container's
 * implementation (createContainer, its variants) costs about 2 KB gzipped of the public first loads for
 * what these few rules do (docs/performance.md#size-budgets).
 */
import Box, { type BoxProps } from '@mui/material/Box';

export interface PageWidthProps extends Omit<BoxProps, 'maxWidth'> {
  maxWidth: 'sm' | 'lg';
}

export default function PageWidth({ maxWidth, sx, ...props }: PageWidthProps) {
  return (
    <Box
      {...props}
      sx={[
        (theme) => ({
          width: '100%',
          boxSizing: 'border-box',
          mx: 'auto',
          px: 2,
          [theme.breakpoints.up('sm')]: { px: 3 },
          [theme.breakpoints.up(maxWidth)]: { maxWidth: theme.breakpoints.values[maxWidth] },
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
