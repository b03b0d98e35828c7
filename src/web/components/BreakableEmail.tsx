/**
 * An email address that wraps at sensible points on a narrow screen: a line break is allowed after the
 * '@' and before each '.' (as typographers break URLs), never in the middle of a word. Only a single part
 * wider than the line itself is broken anywhere (`overflow-wrap: break-word`, the last resort).
 */
import { Fragment } from 'react';

/** The address cut where a line may break: after '@', before '.'. */
function emailBreakParts(email: string): string[] {
  return email.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

export default function BreakableEmail({ email }: { email: string }) {
  const parts = emailBreakParts(email);
  return (
    <span style={{ overflowWrap: 'break-word' }}>
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 && <wbr />}
          {part}
        </Fragment>
      ))}
    </span>
  );
}
