import { readdirSync, readFileSync } from 'fs';
import { join } from 'path';

/** The lint rule guards this too; the test keeps the promise when lint is not run. */
test('src/engine imports no framework, ORM, validation or file-system code', () => {
  const dir = join(__dirname, '..', '..', 'src', 'engine');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
    f.endsWith('.ts'),
  );
  expect(files.length).toBeGreaterThan(5);
  const offenders = files.filter((f) =>
    /from '(@nestjs\/[^']*|typeorm[^']*|class-validator|class-transformer|fs|node:fs|child_process)'/.test(
      readFileSync(join(dir, f), 'utf8'),
    ),
  );
  expect(offenders).toEqual([]);
});
