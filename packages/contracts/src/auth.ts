import { z } from 'zod';
import { emailSchema, handleSchema, nameText, passwordSchema } from './common.js';
import { roleSchema } from './enums.js';
import { ERRORS, MSG } from './messages.js';
import { permissionFlagsSchema } from './permissions.js';
import { phoneSchema } from './phone.js';

export const registerAcademyBody = z.object({
  academyName: nameText().min(2, ERRORS['academy.name_required']).max(100),
  handle: handleSchema,
  email: emailSchema,
  phone: phoneSchema(MSG.phoneInvalid),
  password: passwordSchema,
});
export type RegisterAcademyBody = z.infer<typeof registerAcademyBody>;

export const registerAcademyReply = z.object({
  academy: z.object({ id: z.uuid(), name: z.string(), handle: z.string() }),
  user: z.object({ id: z.uuid(), name: z.string(), email: z.string() }),
});

export const checkHandleParams = z.object({ handle: z.string().max(100) });
/** Whether a handle exists, with what the login and parent screens show of the academy. */
export const checkHandleReply = z.object({
  exists: z.boolean(),
  academy: z.object({ name: z.string(), nameArabic: z.string().nullable(), logo: z.string().nullable() }).optional(),
});
export type CheckHandleReply = z.infer<typeof checkHandleReply>;

export const loginBody = z.object({
  handle: z.string().trim().toLowerCase().min(1, MSG.academyUrlRequired).max(100),
  email: z.string().trim().toLowerCase().min(1, ERRORS['auth.email_required']).max(254),
  password: z.string().min(1, ERRORS['auth.password_required']).max(200),
});
export type LoginBody = z.infer<typeof loginBody>;

export const accountTypeSchema = z
  .object({ id: z.uuid(), name: z.string(), nameArabic: z.string().nullable(), isDefault: z.boolean() })
  .extend(permissionFlagsSchema.shape);
export type AccountType = z.infer<typeof accountTypeSchema>;

export const academySummarySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  handle: z.string(),
  logo: z.string().nullable(),
});

export const sessionUserSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  nameArabic: z.string().nullable(),
  email: z.string().nullable(),
  avatar: z.string().nullable(),
  role: roleSchema,
  accountType: accountTypeSchema.nullable(),
  academyUsers: z.array(z.object({ academy: academySummarySchema })),
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

export const loginReply = z.object({ token: z.string(), user: sessionUserSchema });
export const meReply = z.object({ user: sessionUserSchema, currentAcademyId: z.uuid() });
export type MeReply = z.infer<typeof meReply>;

export const forgotPasswordBody = z.object({
  handle: z.string().trim().toLowerCase().min(1, MSG.academyHandleRequired).max(100),
  email: z.string().trim().toLowerCase().min(1, ERRORS['auth.email_required']).max(254),
});
export const resetPasswordBody = z.object({ token: z.string().min(1).max(200), newPassword: passwordSchema });
/** POST /api/auth/confirm-owner: the token of the link mailed to an academy's owner at sign-up (docs/domain.md, "Text messages"). */
export const confirmOwnerBody = z.object({ token: z.string().min(1).max(200) });
export const confirmOwnerReply = z.object({ handle: z.string() });
/** POST /api/auth/change-password: a signed-in member's current password (checked) and the new one (8 characters or more). */
export const changePasswordBody = z.object({
  currentPassword: z.string().min(1, ERRORS['auth.password_required']).max(200),
  newPassword: passwordSchema,
});

export type RegisterAcademyReply = z.infer<typeof registerAcademyReply>;
export type CheckHandleParams = z.input<typeof checkHandleParams>;
export type AcademySummary = z.infer<typeof academySummarySchema>;
export type LoginReply = z.infer<typeof loginReply>;
export type ForgotPasswordBody = z.input<typeof forgotPasswordBody>;
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;
export type ChangePasswordBody = z.input<typeof changePasswordBody>;
