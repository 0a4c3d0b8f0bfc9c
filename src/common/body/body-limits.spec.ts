import { MAX_ROWS } from '../../sheet-form/form';
import { ROW_FIELDS } from '../../sheet-form/layout';
import { ANONYMOUS_LIMIT, bodyRuleFor, formatBytes, isApiPath, listBodyRules } from './body-limits';

describe('each route reads bodies within its own limits', () => {
  test('a sign-in takes 4 KB of JSON, no form', () => {
    const rule = bodyRuleFor('POST', '/api/auth/sign-in');
    expect(rule).toMatchObject({ route: 'POST /api/auth/sign-in', json: 4096 });
    expect(rule.form).toBeUndefined();
  });

  test('routes match as Express routes them: any case, a trailing slash', () => {
    expect(bodyRuleFor('POST', '/API/Users/').route).toBe('POST /api/users');
    expect(isApiPath('/API/users')).toBe(true);
    expect(isApiPath('/apis')).toBe(false);
    // A form posted to the API by another spelling is still the API's: it takes no form.
    expect(bodyRuleFor('POST', '/Api/users').form).toBeUndefined();
  });

  test('a score sheet takes 512 KB, an import 100 MB, a word list 25 MB, other API writes 16 KB', () => {
    expect(bodyRuleFor('PUT', '/api/games/7/scoresheet').json).toBe(512 * 1024);
    expect(bodyRuleFor('POST', '/api/tournaments/import').json).toBe(100 * 1024 * 1024);
    expect(bodyRuleFor('PUT', '/api/tournaments/3/word-list').json).toBe(25 * 1024 * 1024);
    expect(bodyRuleFor('PATCH', '/api/players/3').json).toBe(16 * 1024);
    expect(bodyRuleFor('POST', '/api/no-such-route').json).toBe(16 * 1024);
  });

  test("the judge's sheet form takes every cell of 200 rows, and 2 MB", () => {
    for (const path of ['/judge/games/12/scoresheet', '/judge/check']) {
      const form = bodyRuleFor('POST', path).form!;
      expect(form.bytes).toBe(2 * 1024 * 1024);
      expect(form.fields).toBeGreaterThanOrEqual(MAX_ROWS * (ROW_FIELDS.length + 1) + 20);
    }
    expect(bodyRuleFor('PUT', '/judge/games/12/scoresheet/draft').json).toBe(256 * 1024);
    expect(bodyRuleFor('POST', '/judge/games/12/result').form).toEqual({
      bytes: 16 * 1024,
      fields: 100,
    });
  });

  test("only the CSV preview, the TSH import and a tournament's file take a file upload", () => {
    expect(bodyRuleFor('POST', '/organiser/divisions/2/players/csv').multipart).toBeDefined();
    expect(bodyRuleFor('POST', '/organiser/tournaments/2/divisions/tsh').multipart).toBe(
      1024 * 1024 + 64 * 1024, // the 1 MB file and the form's other fields
    );
    expect(bodyRuleFor('POST', '/organiser/divisions/2/players').multipart).toBeUndefined();
    expect(bodyRuleFor('POST', '/organiser/tournaments/2/divisions').multipart).toBeUndefined();
    // A tournament's file: what the API's import takes (100 MB), and the form's boundary.
    expect(bodyRuleFor('POST', '/organiser/import').multipart).toBe(100 * 1024 * 1024 + 64 * 1024);
    expect(bodyRuleFor('POST', '/organiser/import').roles).toEqual(['organiser']);
    expect(bodyRuleFor('POST', '/organiser/import/confirm').multipart).toBeUndefined();
    expect(listBodyRules().filter((r) => r.multipart !== undefined)).toHaveLength(3);
  });

  test('every route that takes more than 16 KB names who may send it', () => {
    for (const rule of listBodyRules()) {
      const most = Math.max(rule.json ?? 0, rule.form?.bytes ?? 0, rule.multipart ?? 0);
      if (most > ANONYMOUS_LIMIT) expect([rule.route, rule.roles?.length]).toEqual([rule.route, 1]);
    }
  });

  test('limits read as people write them', () => {
    expect(formatBytes(4096)).toBe('4 KB');
    expect(formatBytes(512 * 1024)).toBe('512 KB');
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB');
    expect(formatBytes(100)).toBe('100 bytes');
  });
});
