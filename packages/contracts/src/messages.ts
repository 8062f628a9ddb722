import { MAX_DATE_YEAR, MIN_DATE_YEAR } from './dates.js';

/**
 * Every message the server or a contract rule can show a user, by its stable code. Answers
 * carry both (`{message, code}`); the web shows its translation of `errors.<code>` and falls
 * back to the English message. Codes never change once shipped; texts may.
 */
export const ERRORS = {
  'registration.failed': 'Registration failed',
  'auth.login_failed': 'Login failed',
  'auth.invalid_credentials': 'Invalid email or password',
  'auth.unauthorized': 'Unauthorized',
  'auth.forbidden': 'You do not have permission to do this',
  'auth.reset_token_invalid': 'This reset link is invalid or has expired',
  'auth.email_required': 'Email is required',
  'auth.password_required': 'Password is required',
  'academy.not_found': 'Academy not found',
  'academy.url_required': 'Academy URL is required',
  'academy.handle_required': 'Academy handle is required',
  'academy.name_required': 'Academy name is required',
  'handle.taken': 'This academy link is already taken',
  'handle.length': 'The academy link must be 3 to 30 characters',
  'handle.pattern': 'Use lower-case letters, digits and dashes, not at the start or end',
  'handle.reserved': 'This academy link is reserved',
  'email.taken': 'This email is already registered',
  'email.invalid': 'Please enter a valid email',
  'password.too_short': 'Password must be at least 8 characters',
  'phone.invalid': 'Please enter a valid phone number',
  'phone.required': 'Phone number is required',
  'phone.emergency_invalid': 'Please enter a valid emergency phone number',
  'parent.name_invalid': 'Please enter a valid Parent Name',
  'player.name_required': 'Player name is required',
  'player.birthdate_required': 'Birthdate is required',
  'player.birthdate_invalid': 'Please enter a valid birthdate',
  'player.birthdate_out_of_range': 'Birthdate must be between 5 and 50 years ago',
  'player.nationality_invalid': 'Nationality must be a country code',
  'player.not_found': 'Player not found',
  'player.unknown': 'Unknown player',
  'player.has_payments': 'This player has payments or invoices, which must be kept, so the player cannot be deleted',
  'subscription.start_out_of_range': 'Start date must be within one year of today',
  'package.not_found': 'Package not found',
  'package.name_required': 'Package name is required',
  'package.price_invalid': 'Please enter a price of 0 or more',
  'package.months_min': 'Months must be a whole number of at least 1',
  'package.sessions_min': 'Sessions count must be a whole number of at least 1',
  'package.skip_limit_min': 'Skip limit must be a whole number of 0 or more',
  'package.trial_days_range': 'Trial days must be between 1 and 90',
  'package.trial_time_based_only': 'A trial is allowed only for time-based packages',
  'package.deleted': 'Package deleted',
  'package.archived': 'Package was archived because it is in use by one or more players',
  'subscription.not_found': 'Subscription not found',
  'subscription.package_required': 'Subscription package was not selected by user',
  'subscription.state_conflict': 'This action is not allowed for a subscription in its current state',
  'subscription.pause_not_allowed': 'This package does not allow pausing',
  'subscription.cancel_forbidden': 'You do not have permission to cancel subscriptions',
  'payment.not_pending': 'Subscription is already {status} . Payment cannot be initiated.',
  'payment.online_disabled': 'Online payment is not enabled for this academy',
  'payment.initiate_failed': 'Failed to initiate payment session.',
  'payment.signature_invalid': 'The payment notification could not be verified',
  'invoice.not_found': 'No PDF available',
  'team.name_invalid': 'Please enter a valid name',
  'team.not_found': 'Team not found',
  'team.unknown': 'Unknown team',
  'coach.name_required': 'Name is required',
  'coach.not_found': 'Coach not found',
  'coach.unknown': 'Unknown coach',
  'user.not_found': 'User not found',
  'account_type.unknown': 'Unknown account type',
  'account_type.name_required': 'Account type name is required',
  'account_type.name_taken': 'An account type with this name already exists',
  'account_type.not_found': 'Account type not found',
  'account_type.default_locked': 'Default account types cannot be edited or deleted',
  'account_type.in_use': 'This account type is still assigned to users',
  'account_type.beyond_own_rights': 'You cannot give rights that you do not have yourself',
  'account_type.last_settings_manager': 'At least one user with a login must keep the right to manage settings',
  'user.no_login': 'This user has no login',
  'academy.vat_invalid': 'A VAT number has 15 digits and starts and ends with 3',
  'growth.not_found': 'Growth record not found',
  'growth.height_weight_positive': 'Height and weight must be greater than zero',
  'growth.metric_negative': 'Values cannot be negative',
  'growth.sleep_max': 'Sleeping hours cannot be more than 24',
  'growth.date_invalid': 'Please enter a valid date',
  'growth.date_in_future': 'The date cannot be in the future',
  'participant.not_found': 'Participant not found',
  'participant.status_failed': 'Failed to update status',
  'attendance.not_your_event': 'You can only mark attendance at events you coach',
  'event.not_found': 'Event not found',
  'event.end_before_start': 'The end time must be after the start time',
  'event.team_required': 'Choose at least one team',
  'event.one_team_for_training': 'Only a match can have several teams',
  'event.repeat_until_invalid': 'Repeat until a date within 52 weeks after the first one',
  'event.range_invalid': 'The end date must not be before the start date',
  'event.range_too_long': 'A date range covers at most 366 days',
  'events.load_failed': 'Failed to fetch events',
  'stats.load_failed': 'Failed to fetch statistics',
  'dashboard.load_failed': 'Failed to load dashboard data',
  'trainings.load_failed': 'Failed to load trainings',
  'schedule.load_failed': 'Failed to load schedule',
  'schedule.save_failed': 'Failed to save schedule',
  'schedule.create_failed': 'Failed to create schedule',
  'schedule.update_failed': 'Failed to update schedule',
  'schedule.delete_failed': 'Failed to delete schedule',
  'calendar.not_found': 'Calendar feed not found',
  'date.out_of_range': `Enter a date between the years ${MIN_DATE_YEAR} and ${MAX_DATE_YEAR}`,
  'time.invalid': 'Time must be HH:mm',
  'money.two_decimals': 'At most two decimals',
  'form.unreadable': 'The form data could not be read',
  'form.unexpected_file': 'Unexpected file field',
  'form.json_invalid': 'This field must be JSON',
  'upload.too_large': 'The upload is too large',
  'upload.not_an_image': 'The file must be an image',
  'request.invalid': 'Invalid input',
  'request.invalid_characters': 'The request contains characters that are not allowed',
  'request.bad_host': 'This address is not one Kora serves',
  'text.control_characters': 'Remove invisible or control characters (such as direction marks, tabs or line breaks)',
  'request.not_found': 'Not found',
  'request.too_many': 'Too many requests, please try again later',
  'request.failed': 'Something went wrong',
  'request.unavailable': 'The service is briefly unavailable, please try again in a moment',
} as const;

/** Codes of zod's own checks, for issues a contract gives no message of its own. */
export const VALIDATION_CODES = [
  'validation.invalid_type',
  'validation.too_small',
  'validation.too_big',
  'validation.invalid_format',
  'validation.invalid_value',
  'validation.invalid_union',
  'validation.unrecognized_keys',
  'validation.not_multiple_of',
  'validation.invalid_key',
  'validation.invalid_element',
  'validation.custom',
] as const;

export type MessageCode = keyof typeof ERRORS;
export type ErrorCode = MessageCode | (typeof VALIDATION_CODES)[number];

/** Every code an answer can carry; the web has a text for each in both languages (tested). */
export const ERROR_CODES: readonly ErrorCode[] = [...(Object.keys(ERRORS) as MessageCode[]), ...VALIDATION_CODES];

const byMessage = new Map<string, MessageCode>(Object.entries(ERRORS).map(([code, text]) => [text, code as MessageCode]));

/** The code of a catalogued message (a contract rule's or the server's), if it is one. */
export const codeOfMessage = (message: string): MessageCode | undefined => byMessage.get(message);

/** The code of a zod issue: its catalogued message's, else zod's own check. */
export function issueCode(issue: { message?: string; code?: string }): ErrorCode {
  const known = issue.message ? codeOfMessage(issue.message) : undefined;
  if (known) return known;
  const zod = `validation.${issue.code ?? 'custom'}` as ErrorCode;
  return (VALIDATION_CODES as readonly string[]).includes(zod) ? zod : 'validation.custom';
}

/** Messages by name, for rules and screens that refer to them in code. */
export const MSG = {
  registrationFailed: ERRORS['registration.failed'],
  loginFailed: ERRORS['auth.login_failed'],
  invalidCredentials: ERRORS['auth.invalid_credentials'],
  academyNotFound: ERRORS['academy.not_found'],
  academyUrlRequired: ERRORS['academy.url_required'],
  handleTaken: ERRORS['handle.taken'],
  emailTaken: ERRORS['email.taken'],
  phoneInvalid: ERRORS['phone.invalid'],
  emergencyPhoneInvalid: ERRORS['phone.emergency_invalid'],
  playerNameRequired: ERRORS['player.name_required'],
  birthdateRequired: ERRORS['player.birthdate_required'],
  phoneRequired: ERRORS['phone.required'],
  academyHandleRequired: ERRORS['academy.handle_required'],
  birthdateOutOfRange: ERRORS['player.birthdate_out_of_range'],
  startDateOutOfRange: ERRORS['subscription.start_out_of_range'],
  packageNotFound: ERRORS['package.not_found'],
  resetTokenInvalid: ERRORS['auth.reset_token_invalid'],
  unauthorized: ERRORS['auth.unauthorized'],
  forbidden: ERRORS['auth.forbidden'],
  notFound: ERRORS['request.not_found'],
  tooManyRequests: ERRORS['request.too_many'],
  invalidInput: ERRORS['request.invalid'],
  payloadTooLarge: ERRORS['upload.too_large'],
  notAnImage: ERRORS['upload.not_an_image'],
  somethingWentWrong: ERRORS['request.failed'],
} as const;
