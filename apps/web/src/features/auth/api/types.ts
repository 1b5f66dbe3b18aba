import type { loginValueSchema, SecondVerificationChallenge } from '@sorte/shared/contracts/auth';
import type { z } from 'zod';

/** The answer of every sign-in: login, register, free play, second verification. */
export type LoginValue = z.infer<typeof loginValueSchema>;
export type { SecondVerificationChallenge };

export type LoginType = 'username' | 'sms';
export type LoginFrom = 'member' | 'agent';

/** How a sign-in started; decides what happens after it (forced password change, agent centre). */
export type LoginContext = { type: LoginType; from: LoginFrom };
