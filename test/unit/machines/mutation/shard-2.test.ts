/** Mutation testing of the machines, share 2 of 4 (see test/tools/mutation-check.ts). */
import { mutationShard } from '../../../tools/mutation-check';

mutationShard(2);
