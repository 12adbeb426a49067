import { defineArea } from '../area';

export const recipeArea = defineArea({
  name: 'recipe',
  textNamespace: 'recipe',
  screens: [
    { menu: 'recipe', slug: 'recipe', reads: ['recipe.books'], load: () => import(/* webpackChunkName: "recipe" */ './RecipePage') },
    { menu: 'backup_recipe', slug: 'backup-recipe', reads: ['recipe.backups', 'recipe.books'], load: () => import(/* webpackChunkName: "backup-recipe" */ './BackupRecipePage') },
  ],
});
