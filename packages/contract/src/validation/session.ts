import { z } from 'zod';
import { IDENTIFY_CODE } from '../constants.js';
import { msg } from './message.js';

const len3to16 = msg('validation.length', { min: 3, count: 16 });

/** POST /api/login.do (spec 000 §5 "Login"). */
export const loginBody = z.object({
  account: z
    .string({ error: 'validation.accountRequired' })
    .trim()
    .min(1, 'validation.accountRequired')
    .min(3, len3to16)
    .max(16, len3to16),
  password: z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(3, len3to16)
    .max(16, len3to16),
  identifyCode: z
    .string({ error: 'validation.identifyCodeRequired' })
    .trim()
    .min(1, 'validation.identifyCodeRequired')
    .length(IDENTIFY_CODE.length, msg('validation.exactLength', { count: IDENTIFY_CODE.length })),
});
export type LoginBody = z.infer<typeof loginBody>;

export const passwordRule = () =>
  z
    .string({ error: 'validation.passwordRequired' })
    .min(1, 'validation.passwordRequired')
    .min(3, len3to16)
    .max(16, len3to16);

/** Kinds of characters in a password: lower-case letters, capitals, digits, anything else. */
export const passwordKinds = (password: string) =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^A-Za-z0-9]/].filter((kind) => kind.test(password)).length;

/**
 * The password a role with the check level on any function needs: `minLength` characters (setting
 * `checkPasswordLength`) of two kinds or more. Other roles keep the spec's 3-16 (`passwordRule`).
 */
export const isStrongPassword = (password: string, minLength: number) =>
  password.length >= minLength && passwordKinds(password) >= 2;

/** PATCH /api/users.do/{id}/pwd: the old password is required when changing one's own. */
export const changePasswordBody = z.object({
  oldPassword: z.string().optional(),
  password: passwordRule(),
});
export type ChangePasswordBody = z.infer<typeof changePasswordBody>;

/** The console's modify-password dialog adds the confirmation. */
export const changePasswordForm = changePasswordBody
  .extend({ confirm: z.string({ error: 'validation.required' }).min(1, 'validation.required') })
  .refine((v) => v.password === v.confirm, { message: 'validation.passwordConsistent', path: ['confirm'] });
