import { useQuery } from '@tanstack/react-query';
import { ADMIN, api } from '../client';
import { adminKeys } from './keys';

/** GET admin dashboard. */
export const fetchDashboard = () => api.get(`${ADMIN}/dashboard`).then((r) => r.info);
/** GET admin dashboard/activity. */
export const fetchDashboardActivity = () => api.get(`${ADMIN}/dashboard/activity`);

/** The site's figures. */
export function useDashboard() {
  return useQuery({ queryKey: adminKeys.dashboard(), queryFn: fetchDashboard });
}

/** Activity per day and the server's health. */
export function useDashboardActivity() {
  return useQuery({ queryKey: adminKeys.activity(), queryFn: fetchDashboardActivity });
}
