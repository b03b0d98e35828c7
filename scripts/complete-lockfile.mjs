// Run after `npm install` changes package-lock.json: `node scripts/complete-lockfile.mjs`.
// npm records only the optional platform binaries this registry serves; `npm ci` then finds the other
// platforms' optional dependencies missing from the lock. Add them as optional entries so the lock is complete.
import fs from 'node:fs';
const file = process.argv[2] ?? 'package-lock.json';
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [name, range] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = path === '' ? '' : path + '/';
    const nested = `${base}node_modules/${name}`;
    const top = `node_modules/${name}`;
    if (lock.packages[nested] || lock.packages[top]) continue;
    const m = /(darwin|win32|linux|android|freebsd|openbsd|sunos|aix|netbsd|openharmony)/.exec(name);
    const c = /(x64|arm64|arm|ia32|ppc64|s390x|riscv64|loong64|wasm32|mips64el)/.exec(name);
    lock.packages[top] = {
      version: range.replace(/^[\^~]/, ''),
      optional: true,
      ...(m ? { os: [m[1]] } : {}),
      ...(c ? { cpu: [c[1]] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log(`added ${added} optional entries`);
