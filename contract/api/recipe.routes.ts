import { defineContractArea } from '../area';
import type * as calls from './recipe';
import { API_BASE, type Route } from './route';

/** Method and path of the recipe calls, zod-free so the console can import it; their schemas are in ./recipe.ts. */
export const RECIPE_ROUTES = {
  books: { id: 'recipe.books', method: 'GET', path: `${API_BASE}/recipe/books` },
  records: { id: 'recipe.records', method: 'GET', path: `${API_BASE}/recipe/books/:id/records` },
  clear: { id: 'recipe.clear', method: 'POST', path: `${API_BASE}/recipe/books/:id/clear` },
  backup: { id: 'recipe.backup', method: 'GET', path: `${API_BASE}/recipe/backup`, answerFormat: 'file' },
  backupToMedia: { id: 'recipe.backupToMedia', method: 'POST', path: `${API_BASE}/recipe/backup/media` },
  backups: { id: 'recipe.backups', method: 'GET', path: `${API_BASE}/recipe/backups` },
  restoreFromMedia: { id: 'recipe.restoreFromMedia', method: 'POST', path: `${API_BASE}/recipe/restore-from-media` },
  restore: { id: 'recipe.restore', method: 'POST', path: `${API_BASE}/recipe/restore`, bodyFormat: 'multipart' },
} as const satisfies Record<string, Route>;

/** What the area adds to the contract's shared lists (contract/area.ts). */
export const recipeContract = defineContractArea<typeof calls>()({
  name: 'recipe',
  auditActions: ['clear_recipe_book', 'backup_recipe', 'backup_recipe_to_media', 'restore_recipe'],
  auditTargets: ['recipe'],
  errorCodes: [
    /** A file that is not a readable recipe backup: not a .cxob, damaged, its checksum wrong. */
    'invalid_backup',
    /** A recipe backup whose books or fields differ from the running project's, or whose values do not fit them: nothing was restored. */
    'recipe_mismatch',
  ],
});
