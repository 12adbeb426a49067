import { z } from 'zod';
import { MENUS } from '../roles';
import { SELF_CHECK_SEVERITIES, type SelfCheckSeverity } from '../rules/self-check';

/** A finding's id: `snake_case`, unique across the areas (each area declares its own ids,
 * `selfCheck` of its server area, server/http/area.ts). Its words are `self_check.items.<id>`
 * of the Diagnostics texts. */
export const SELF_CHECK_ID_PATTERN = /^[a-z][a-z0-9_]{1,48}$/;

/** One thing that weakens the panel right now (docs/decisions.md#security-self-check). */
export const selfCheckItemSchema = z
  .object({
    id: z.string().regex(SELF_CHECK_ID_PATTERN),
    severity: z.enum(SELF_CHECK_SEVERITIES),
    /** The contract area that declares the check. */
    area: z.string(),
    /** The setting to change, as the device stores it (`http_enabled`, `opcua.anonymous`). */
    setting: z.string(),
    /** The console screen where it is changed (its path is `pathOf(menu)`). */
    menu: z.enum(MENUS as [string, ...string[]]),
    /** What the finding's text names: accounts, keys, a certificate's days left. Never a secret. */
    values: z.record(z.string(), z.union([z.string(), z.number()])),
  })
  .meta({ id: 'SelfCheckItem' });

export const selfCheckSchema = z
  .object({
    /** When the device looked (device time, ISO). */
    checked_at: z.string(),
    items: z.array(selfCheckItemSchema),
  })
  .meta({ id: 'SelfCheck' });

export type SelfCheckItem = z.infer<typeof selfCheckItemSchema>;
export type SelfCheck = z.infer<typeof selfCheckSchema>;

/** An item, for an area's check: the severity, the setting and the menu it is fixed on. */
export function selfCheckItem(area: string, id: string, severity: SelfCheckSeverity, setting: string, menu: SelfCheckItem['menu'], values: SelfCheckItem['values'] = {}): SelfCheckItem {
  return { id, severity, area, setting, menu, values };
}
