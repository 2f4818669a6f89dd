import { Fragment } from 'react';

/**
 * An e-mail address that may wrap after its "@" and dots, never inside a name part: a long address
 * on a 320 px phone reads "dara.sok.1795@" / "example.com" rather than "…@exam" / "ple.com". The
 * break points are <wbr> elements, so copying the address copies it unchanged.
 */
export function EmailText({ value }: { value: string }) {
  const parts = value.split(/(?<=[@.])/);
  return (
    <>
      {parts.map((part, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, in order.
        <Fragment key={i}>
          {i > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </>
  );
}
