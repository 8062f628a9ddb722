import { z } from 'zod';
import { PERMISSION_FLAGS } from './areas.js';
import { recordOf } from './records.js';

export const permissionFlagsSchema = z.object(recordOf(PERMISSION_FLAGS, () => z.boolean()));
