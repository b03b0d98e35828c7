/** A whole-number command-line option above 0, or exit 2 with a message naming the option. */
export function positiveInt<Name extends string>(args: Record<Name, unknown>, name: Name): number {
  const value = Number(args[name]);
  if (!Number.isInteger(value) || value <= 0) {
    console.error(`--${name} must be a positive integer (got "${String(args[name])}")`);
    process.exit(2);
  }
  return value;
}
