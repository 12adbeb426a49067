import { defineArea } from '../area';

/** The Data menu group: what the panel recorded (data logs and trends, alarms, the operation log)
 * and its backup. The trend screen's charts and date pickers load with its own chunk only. */
export const dataArea = defineArea({
  name: 'data',
  textNamespace: 'data',
  screens: [
    { menu: 'data_log', slug: 'datalog', load: () => import(/* webpackChunkName: "data-trend-isolated" */ './DataLogPage') },
    { menu: 'event_log', slug: 'event-log', load: () => import(/* webpackChunkName: "data-event-log-isolated" */ './EventLogPage') },
    { menu: 'operation_log', slug: 'operation-log', load: () => import(/* webpackChunkName: "data-operation-log-isolated" */ './OperationLogPage') },
    { menu: 'backup_data', slug: 'backup', load: () => import(/* webpackChunkName: "data-backup-isolated" */ './BackupDataPage') },
  ],
});
