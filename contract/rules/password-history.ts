/** How many of an account's passwords the device remembers, the current one included: a new
 * password must differ from all of them (400 `password_reused` otherwise), or expiry would be
 * defeated by "changing" a password to itself. Each is a full scrypt check at a change (about
 * 0.2 s; admin's change-all checks three accounts): three keeps a change under two seconds.
 * Its own module: contract/failure.ts, in the sign-in bundle, says it without the password rules. */
export const PASSWORD_HISTORY_DEPTH = 3;
