/**
 * The signed-in account, as sign-in and the session check read it: what every guarded request
 * carries (`request.account`) and what services and the access policy decide with.
 */
export type Account = {
  id: number;
  name: string;
  email: string;
  passwordHash: string | null;
  confirmedAt: Date | null;
  deletedAt: Date | null;
  createdAt: Date;
  language: string;
  profileId: number;
  profileName: string;
};
