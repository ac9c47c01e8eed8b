import { useMutation, useQueryClient } from '@tanstack/react-query';
import { taskSchema } from '@gearwatch/contracts';
import type { Task, TaskStatus } from '@gearwatch/contracts';
import { useApi } from '../../../api/ApiProvider.tsx';

/** The plural path segment of the tasks (`/api/tasks`), which also starts every query key of them. */
export const TASKS_RESOURCE = 'tasks';

/** The tasks screen. */
export const TASKS_PATH = '/tasks';

/** `PATCH /api/tasks/{id}/status`: done or open again; then every list of tasks is read again. */
export function useSetTaskStatus() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, status }: { id: number; status: TaskStatus }): Promise<Task> => {
      const response = await api.request<unknown>(`/api/${TASKS_RESOURCE}/${id}/status`, { method: 'PATCH', json: { status } });
      return taskSchema.parse(response.data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: [TASKS_RESOURCE] }),
  });
}
