import { imageParts, osImage } from '../os-images';
import type { AreaCases } from './types';

export const osCases: AreaCases = {
  'os.info': { account: 'update' },
  'os.update': {
    account: 'update',
    multipart: imageParts(osImage({ version: '20270101' })),
    invalid: { multipart: [{ name: 'firmware', filename: 'os.bin', content: osImage({ version: '20270101' }) }], field: 'firmware' },
  },
};
