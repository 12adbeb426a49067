/**
 * The security self-check and the diagnostic bundle, zod-free (the console imports it): who may
 * read each (the calls' access, contract/api/diagnostics.ts, is built from these), the
 * severities in their order.
 */
import type { Access } from '../api/define';

/** How much a finding weakens the panel: `high` opens it to anyone on the network (plain HTTP,
 * initial passwords, anonymous OPC UA, an expired certificate…), `medium` weakens one defence,
 * `low` needs attention soon (a certificate expiring within 30 days). Most severe first. */
export const SELF_CHECK_SEVERITIES = ['high', 'medium', 'low'] as const;
export type SelfCheckSeverity = (typeof SELF_CHECK_SEVERITIES)[number];

/** The self-check: whoever may open Diagnostics (admin; update or history when granted it). */
export const SELF_CHECK_ACCESS = { kind: 'menu', menu: 'diagnostics' } as const satisfies Access;

/** The bundle holds every setting (secrets removed, but the panel's whole configuration):
 * admin alone, even where Diagnostics is granted to update or history. */
export const BUNDLE_ACCESS = { kind: 'menu', menu: 'diagnostics', accounts: ['admin'] } as const satisfies Access;
