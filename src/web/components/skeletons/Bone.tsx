/**
 * A placeholder shape that looks like MUI's `<Skeleton>` (same tint, radii and pulse), for the loading
 * states of the first paint. MUI's Skeleton, with its wave variant and child handling, costs about 2 KB
 * gzipped of every first load (docs/performance.md#size-budgets). The pulse stops for visitors who ask for less motion.
 */
import { keyframes } from '@emotion/react';
import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { AriaAttributes } from 'react';

const pulse = keyframes`
  0% { opacity: 1; }
  50% { opacity: 0.4; }
  100% { opacity: 1; }
`;

export interface BoneProps extends Pick<AriaAttributes, 'aria-hidden'> {
  variant?: 'text' | 'rectangular' | 'rounded' | 'circular';
  width?: number | string;
  height?: number | string;
  sx?: SxProps<Theme>;
}

export default function Bone({ variant = 'text', width, height, sx, ...aria }: BoneProps) {
  return (
    <Box
      component="span"
      data-skeleton=""
      {...aria}
      sx={[
        (theme) => ({
          display: 'block',
          width,
          height: height ?? (variant === 'text' ? 'auto' : '1.2em'),
          backgroundColor: theme.alpha(
            theme.palette.text.primary,
            theme.palette.mode === 'light' ? 0.11 : 0.13,
          ),
          animation: `${pulse} 2s ease-in-out 0.5s infinite`,
          '@media (prefers-reduced-motion: reduce)': { animation: 'none' },
          ...(variant === 'text' && {
            transformOrigin: '0 55%',
            transform: 'scale(1, 0.60)',
            borderRadius: `${theme.shape.borderRadius}px/${Math.round((Number(theme.shape.borderRadius) / 0.6) * 10) / 10}px`,
            '&:empty:before': { content: '"\\00a0"' },
          }),
          ...(variant === 'circular' && { borderRadius: '50%' }),
          ...(variant === 'rounded' && { borderRadius: `${theme.shape.borderRadius}px` }),
        }),
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    />
  );
}
