import { describe, expect, it } from 'vitest';
import { loggable } from './errors.js';

describe('loggable', () => {
  it("keeps a failed query's code and constraint but never its SQL parameters", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_key"'), {
      code: '23505',
      constraint: 'users_email_key',
      detail: 'Key (email)=(khalid@example.sa) already exists.',
    });
    const wrapped = new Error(
      'Failed query: insert into "users" ("name", "phone") values ($1, $2)\nparams: Khalid Al-Otaibi,+966501112233',
      {
        cause,
      },
    );
    const logged = JSON.stringify(loggable(wrapped));
    expect(logged).toContain('23505');
    expect(logged).toContain('users_email_key');
    expect(logged).not.toMatch(/Khalid|966501112233|khalid@example/);
  });

  it('leaves other errors as they are', () => {
    const err = new Error('boom');
    expect(loggable(err)).toBe(err);
  });
});
