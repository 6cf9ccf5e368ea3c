import { z } from 'zod';

/**
 * Any issue a schema gives no message of its own still speaks the contract's language: zod's
 * English defaults ("Invalid input") never reach a user.
 */
z.config({
  customError: (issue) =>
    issue.input === undefined || issue.input === '' ? 'validation.required' : 'validation.validParam',
});
