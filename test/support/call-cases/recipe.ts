import type { TestDevice } from '../device';
import type { AreaCases } from './types';

/** The id of the running project's first recipe book (the sample's "Bottle sizes"). */
function firstBook(t: TestDevice): number {
  return t.device.recipes.books().books[0]!.id;
}

const facts = { serial: 'TEST', osVersion: '20261101' };

export const recipeCases: AreaCases = {
  'recipe.books': { account: 'update' },
  'recipe.records': {
    account: 'update',
    prepare: async (t) => ({ url: `/api/v1/recipe/books/${firstBook(t)}/records` }),
    query: { offset: '0', limit: '10' },
    invalid: { url: '/api/v1/recipe/books/1/records', query: { limit: '1001' }, field: 'limit' },
  },
  'recipe.clear': {
    account: 'update',
    prepare: async (t) => ({ url: `/api/v1/recipe/books/${firstBook(t)}/clear` }),
    invalid: { url: '/api/v1/recipe/books/first/clear', field: 'id' },
  },
  'recipe.backup': { account: 'update' },
  'recipe.backupToMedia': {
    account: 'admin',
    body: { medium: 'sd' },
    invalid: { body: { medium: 'floppy' }, field: 'medium' },
  },
  'recipe.backups': { account: 'update' },
  'recipe.restoreFromMedia': {
    account: 'update',
    prepare: async (t) => {
      const written = await t.device.recipes.writeToMedium('usb', facts);
      return { body: { medium: 'usb', file_name: written.file_name } };
    },
    invalid: { body: { medium: 'usb', file_name: '../../secrets.cxob' }, field: 'file_name' },
  },
  'recipe.restore': {
    account: 'admin',
    prepare: async (t) => {
      const archive = await t.device.recipes.backupArchive(facts);
      return { multipart: [{ name: 'backup', filename: archive.fileName, content: archive.data }] };
    },
    invalid: { multipart: [{ name: 'file', filename: 'recipes.cxob', content: Buffer.from([0x1f, 0x8b, 0]) }], field: 'file' },
  },
};
