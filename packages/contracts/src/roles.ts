/**
 * Caller roles (docs/architecture.md, Sessions). The gateway derives the role from the verified session and
 * passes it to services; services never take a role from a request body.
 */
import { z } from 'zod';

export const RoleSchema = z.enum(['customer', 'seller', 'admin']);
export type Role = z.infer<typeof RoleSchema>;
