import { miscInputOf } from '../misc';
import type { AreaCases } from './types';

export const miscCases: AreaCases = {
  'misc.getSettings': { account: 'admin' },
  'misc.setSettings': {
    account: 'admin',
    body: miscInputOf({ buzzer: { enabled: false }, backlight_percent: 60 }),
    invalid: { body: miscInputOf({ frame_embedding: { allowed_origins: ['https://scada.example/hmi'] } }), field: 'allowed_origins' },
  },
};
