import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode, Ref } from 'react';

/** A titled section of the Organization page: an h2 (or an h3 inside a section) naming it. */
export function PageSection({
  title,
  children,
  headingRef,
  level = 2,
}: {
  title: string;
  children: ReactNode;
  /** Where focus goes when the element that had it is gone (a removed member's row). */
  headingRef?: Ref<HTMLHeadingElement>;
  level?: 2 | 3;
}) {
  return (
    <Stack component="section" spacing={1.5} aria-label={title}>
      <Typography
        variant={level === 2 ? 'h6' : 'subtitle1'}
        component={level === 2 ? 'h2' : 'h3'}
        fontWeight={level === 2 ? undefined : 500}
        ref={headingRef}
        tabIndex={headingRef ? -1 : undefined}
      >
        {title}
      </Typography>
      {children}
    </Stack>
  );
}
