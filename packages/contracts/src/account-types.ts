import { z } from 'zod';
import { normaliseFlags, PERMISSION_FLAGS } from './areas.js';
import { accountTypeSchema } from './auth.js';
import { optionalText, plainText } from './common.js';
import { ERRORS } from './messages.js';
import { recordOf } from './records.js';

export const ACCOUNT_TYPE_NAME_REQUIRED = ERRORS['account_type.name_required'];

/** An account type of Settings → Privileges, with its users: the staff who sign in with it (a type still used cannot be deleted). */
export const accountTypeListItemSchema = accountTypeSchema.extend({ usersCount: z.number().int() });
export type AccountTypeListItem = z.infer<typeof accountTypeListItemSchema>;

/** A missing flag is false, so a body may list only the rights it grants. */
const flagFields = recordOf(PERMISSION_FLAGS, () => z.boolean().default(false));

/**
 * Create or edit an account type: a name (required), an optional Arabic name and the 17 flags.
 * Writing an area implies reading it: the parsed flags have each written area's read flag set.
 * An edit may send the whole account type (`id`, `isDefault` and `usersCount` are ignored).
 */
export const accountTypeBody = z
  .object({
    name: plainText(ACCOUNT_TYPE_NAME_REQUIRED).min(1, ACCOUNT_TYPE_NAME_REQUIRED).max(60),
    nameArabic: optionalText(60),
    ...flagFields,
  })
  .transform(({ name, nameArabic, ...flags }) => ({ name, nameArabic, ...normaliseFlags(flags) }));
export type AccountTypeBody = z.input<typeof accountTypeBody>;
export type ParsedAccountTypeBody = z.output<typeof accountTypeBody>;
