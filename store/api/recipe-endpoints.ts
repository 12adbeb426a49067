import { api } from './base-api';
import { contractEndpoints } from './contract-endpoint';
import { RECIPE_ROUTES as R } from '../../contract/api/recipe.routes';
import { downloadQueryFn } from './transfer';

/** The running project's recipe books, one page of a book's records, and their backups. A restore
 * goes through the recipeRestore machine (a file is uploaded with its progress); a backup to the
 * browser is a download (store/api/transfer.ts) made a mutation, its wait the mutation's. */
export const recipeApi = api.enhanceEndpoints({ addTagTypes: ['RecipeBooks', 'RecipeRecords', 'RecipeBackups'] }).injectEndpoints({
  endpoints: (build) => {
    const call = contractEndpoints(build);
    return {
      recipeBooks: call.query(R.books, { tags: ['RecipeBooks'] }),
      recipeRecords: call.query(R.records, {
        request: ({ id, offset, limit }: { id: number; offset: number; limit: number }) => ({ params: { id }, query: { offset, limit } }),
        tags: ['RecipeRecords'],
      }),
      clearRecipeBook: call.mutation(R.clear, { request: (id: number) => ({ params: { id } }), tags: ['RecipeBooks', 'RecipeRecords'] }),
      recipeBackups: call.query(R.backups, { tags: ['RecipeBackups'] }),
      backupRecipesToMedia: call.mutation(R.backupToMedia, { tags: ['RecipeBackups'] }),
      /** Downloads every book as a backup (`.cxob`) and hands it to the browser to save; answers
       * the file's name. */
      downloadRecipeBackup: build.mutation<string, void>({ queryFn: downloadQueryFn(() => ({ route: R.backup, fallbackName: 'recipes.cxob' })) }),
      restoreRecipesFromMedia: call.mutation(R.restoreFromMedia, { tags: ['RecipeBooks', 'RecipeRecords'] }),
    };
  },
});

export const {
  useRecipeBooksQuery,
  useRecipeRecordsQuery,
  useClearRecipeBookMutation,
  useRecipeBackupsQuery,
  useBackupRecipesToMediaMutation,
  useDownloadRecipeBackupMutation,
} = recipeApi;
