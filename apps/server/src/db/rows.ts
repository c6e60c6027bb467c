import type { staffMembers, users } from './schema.js';

/**
 * The rows several features read, typed once here rather than in one feature the others would import: a patient's
 * record (the authentication guard hands it to every signed-in route; family care, sessions and the export read it)
 * and a staff member's account (the staff guard's).
 */
export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
export type StaffMemberRow = typeof staffMembers.$inferSelect;
