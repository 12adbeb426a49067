import { apartNamespaceOf } from '../../i18n/apart-texts';
import { TEXT_NAMESPACES } from '../areas';

/**
 * The words of the security self-check's findings. Each server area declares its own checks
 * (`selfCheck.ids`, server/http/area.ts) and words them in its own texts, kept apart from its
 * screens' (`public/locales/<ns>/checks/<lng>.json`, namespace `<ns>/checks`:
 * `checks.<id>.title`, `checks.<id>.fix`); Diagnostics loads every area's (one file per language,
 * src/i18n/apart-locales.ts) and i18next looks a finding up in these namespaces in order. No list
 * here says which area names what: a new area's check is its `selfCheck` and its texts.
 */
export const CHECK_TEXT_NAMESPACES: readonly string[] = TEXT_NAMESPACES.map((ns) => apartNamespaceOf(ns, 'checks'));
