import { defineArea } from '../area';

export const recipeArea = defineArea({
  name: 'recipe',
  textNamespace: 'recipe',
  screens: [
    { menu: 'recipe', slug: 'recipe', load: () => import(/* webpackChunkName: "recipe" */ './RecipePage') },
    { menu: 'backup_recipe', slug: 'backup-recipe', load: () => import(/* webpackChunkName: "backup-recipe" */ './BackupRecipePage') },
  ],
});
