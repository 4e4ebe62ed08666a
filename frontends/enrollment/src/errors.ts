/**
 * What a failed POST /api/enrollments/oauth tells the user (enrollment-and-payment §8
 * 'Enrollment flow'): the server's title and message ('Age Requirement Not Met', 'Office
 * Enrollment Required', 'Already Enrolled', 'Practice location required' ...), else the generic
 * 'Error creating enrollment' / 'Failed to create enrollment. Please try again.'.
 */
import { apiErrorField } from '@portal/ui';
import { CREATE_ENROLLMENT_ERROR, CREATE_ENROLLMENT_ERROR_TITLE } from './messages.ts';

export interface ErrorNotice {
  readonly title: string;
  readonly description: string;
}

export const createEnrollmentErrorNotice = (error: unknown): ErrorNotice => {
  const title = apiErrorField(error, 'error');
  const message = apiErrorField(error, 'message');
  if (!title) return { title: CREATE_ENROLLMENT_ERROR_TITLE, description: message ?? CREATE_ENROLLMENT_ERROR };
  return { title, description: message && message !== title ? message : CREATE_ENROLLMENT_ERROR };
};
