/** The recipe restore flow of Backup Recipe: the machine, with its actor talking to the device. */
import { fromCallback, type EventObject } from 'xstate';
import { useSelector } from '@xstate/react';
import { useAppDispatch } from '../../../store';
import { recipeApi } from '../../../store/api/recipe-endpoints';
import { uploadFiles } from '../../../store/api/transfer';
import { RECIPE_ROUTES } from '../../../contract/api/recipe.routes';
import { errorCodeOf } from '../../../contract/failure';
import { recipeRestoreMachine, type RestoredBooks, type RestoreReport, type RestoreSource } from '../../../machines/recipe-restore.machine';
import { useMachineActor } from '../../app/use-machine-actor';

export function useRecipeRestore() {
  const dispatch = useAppDispatch();
  const actor = useMachineActor(recipeRestoreMachine, {
    actors: {
      restore: fromCallback<EventObject, RestoreSource>(({ input, sendBack }) => {
        const controller = new AbortController();
        const report = (event: RestoreReport) => {
          if (!controller.signal.aborted) sendBack(event);
        };
        if (input.kind === 'medium') {
          dispatch(recipeApi.endpoints.restoreRecipesFromMedia.initiate({ medium: input.medium, file_name: input.fileName }))
            .unwrap()
            .then(
              (restored) => report({ type: 'restore.done', restored }),
              (error: unknown) => report({ type: 'restore.failed', error: errorCodeOf(error) }),
            );
        } else {
          dispatch(uploadFiles(RECIPE_ROUTES.restore, { backup: input.file as File }, ({ loaded, total }) => report({ type: 'restore.progress', loaded, total }), controller.signal)).then(
            ({ status, body }) => {
              if (status === 200) {
                dispatch(recipeApi.util.invalidateTags(['RecipeBooks', 'RecipeRecords']));
                report({ type: 'restore.done', restored: body as RestoredBooks });
              } else report({ type: 'restore.failed', error: errorCodeOf({ status, data: body }) });
            },
            (error: unknown) => report({ type: 'restore.failed', error: errorCodeOf(error) }),
          );
        }
        return () => controller.abort();
      }),
    },
  });
  const snapshot = useSelector(actor, (s) => s);
  return { actor, snapshot };
}
