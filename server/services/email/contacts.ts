/**
 * The contacts and groups alarm mails go to (specification §3 E-mail), in SQLite (migration 10).
 * Every change is judged by the shared rules (contract/rules/email.ts) first, in the transaction
 * that makes it.
 */
import type { Db } from '../../db/database';
import {
  contactProblems,
  groupProblems,
  EMAIL_CONTACTS_MAX,
  EMAIL_GROUPS_MAX,
  type ContactInput,
  type GroupInput,
} from '../../../contract/rules/email';
import { ApiError } from '../../lib/api-error';

export interface Contact {
  id: number;
  name: string;
  address: string;
  groups: number[];
}

export interface Group {
  id: number;
  name: string;
  contacts: number;
}

/** The first problem of a rule's answer as the 400 the console maps to its message. */
export function refuseProblems(problems: Readonly<Record<string, unknown>>, prefix = ''): void {
  const first = Object.entries(problems).find(([, p]) => p !== undefined);
  if (first) throw ApiError.rule(`${prefix}${first[0]}`, String(first[1]));
}

export class EmailContacts {
  constructor(private readonly db: Db) {}

  contacts(): Contact[] {
    const rows = this.db.prepare('SELECT id, name, address FROM email_contacts ORDER BY name COLLATE NOCASE, id').all() as Omit<Contact, 'groups'>[];
    const links = this.db.prepare('SELECT contact_id, group_id FROM email_contact_groups ORDER BY group_id').all() as { contact_id: number; group_id: number }[];
    const byContact = new Map<number, number[]>();
    for (const l of links) byContact.set(l.contact_id, [...(byContact.get(l.contact_id) ?? []), l.group_id]);
    return rows.map((r) => ({ ...r, groups: byContact.get(r.id) ?? [] }));
  }

  contact(id: number): Contact | null {
    return this.contacts().find((c) => c.id === id) ?? null;
  }

  groups(): Group[] {
    return this.db
      .prepare(
        'SELECT g.id, g.name, (SELECT COUNT(*) FROM email_contact_groups l WHERE l.group_id = g.id) AS contacts FROM email_groups g ORDER BY g.name COLLATE NOCASE, g.id',
      )
      .all() as Group[];
  }

  group(id: number): Group | null {
    return this.groups().find((g) => g.id === id) ?? null;
  }

  /** The addresses of a group's contacts, by the group's name (an alarm names it). */
  recipientsOf(groupName: string): { name: string; address: string }[] {
    return this.db
      .prepare(
        `SELECT c.name, c.address FROM email_contacts c
           JOIN email_contact_groups l ON l.contact_id = c.id
           JOIN email_groups g ON g.id = l.group_id
         WHERE g.name = ? COLLATE NOCASE ORDER BY c.id`,
      )
      .all(groupName) as { name: string; address: string }[];
  }

  private judgeContact(input: ContactInput, id: number | null): void {
    const others = this.contacts().filter((c) => c.id !== id);
    refuseProblems(
      contactProblems(input, {
        otherAddresses: others.map((c) => c.address.toLowerCase()),
        groupIds: this.groups().map((g) => g.id),
      }),
    );
  }

  private link(id: number, groups: readonly number[]): void {
    this.db.prepare('DELETE FROM email_contact_groups WHERE contact_id = ?').run(id);
    const add = this.db.prepare('INSERT OR IGNORE INTO email_contact_groups (contact_id, group_id) VALUES (?, ?)');
    for (const g of groups) add.run(id, g);
  }

  addContact(input: ContactInput): Contact {
    return this.db.transaction(() => {
      this.judgeContact(input, null);
      if (this.contacts().length >= EMAIL_CONTACTS_MAX) throw ApiError.rule('name', 'limit_reached');
      const id = Number(this.db.prepare('INSERT INTO email_contacts (name, address) VALUES (?, ?)').run(input.name.trim(), input.address.trim()).lastInsertRowid);
      this.link(id, input.groups);
      return this.contact(id)!;
    })();
  }

  updateContact(id: number, input: ContactInput): { before: Contact; after: Contact } {
    return this.db.transaction(() => {
      const before = this.contact(id);
      if (!before) throw ApiError.notFound('No such contact');
      this.judgeContact(input, id);
      this.db.prepare('UPDATE email_contacts SET name = ?, address = ? WHERE id = ?').run(input.name.trim(), input.address.trim(), id);
      this.link(id, input.groups);
      return { before, after: this.contact(id)! };
    })();
  }

  deleteContact(id: number): Contact {
    return this.db.transaction(() => {
      const before = this.contact(id);
      if (!before) throw ApiError.notFound('No such contact');
      this.db.prepare('DELETE FROM email_contacts WHERE id = ?').run(id);
      return before;
    })();
  }

  private judgeGroup(input: GroupInput, id: number | null): void {
    refuseProblems(groupProblems(input, { otherNames: this.groups().filter((g) => g.id !== id).map((g) => g.name.toLowerCase()) }));
  }

  addGroup(input: GroupInput): Group {
    return this.db.transaction(() => {
      this.judgeGroup(input, null);
      if (this.groups().length >= EMAIL_GROUPS_MAX) throw ApiError.rule('name', 'limit_reached');
      const id = Number(this.db.prepare('INSERT INTO email_groups (name) VALUES (?)').run(input.name.trim()).lastInsertRowid);
      return this.group(id)!;
    })();
  }

  updateGroup(id: number, input: GroupInput): { before: Group; after: Group } {
    return this.db.transaction(() => {
      const before = this.group(id);
      if (!before) throw ApiError.notFound('No such group');
      this.judgeGroup(input, id);
      this.db.prepare('UPDATE email_groups SET name = ? WHERE id = ?').run(input.name.trim(), id);
      return { before, after: this.group(id)! };
    })();
  }

  deleteGroup(id: number): Group {
    return this.db.transaction(() => {
      const before = this.group(id);
      if (!before) throw ApiError.notFound('No such group');
      this.db.prepare('DELETE FROM email_groups WHERE id = ?').run(id);
      return before;
    })();
  }

  /** Contacts read from a CSV, all or nothing: a known address is updated, unknown groups are
   * made. Every row is judged by the same rules first; a refusal names the row (`rows.<n>.<field>`). */
  importContacts(rows: readonly { name: string; address: string; groups: string[] }[]): { added: number; updated: number; groups_added: number } {
    return this.db.transaction(() => {
      let groupsAdded = 0;
      const groupId = new Map(this.groups().map((g) => [g.name.toLowerCase(), g.id]));
      rows.forEach((row, i) => {
        for (const name of row.groups) {
          if (groupId.has(name.toLowerCase())) continue;
          refuseProblems(groupProblems({ name }, { otherNames: [] }), `rows.${i + 1}.groups.`);
          if (groupId.size >= EMAIL_GROUPS_MAX) throw ApiError.rule(`rows.${i + 1}.groups`, 'limit_reached');
          groupId.set(name.toLowerCase(), Number(this.db.prepare('INSERT INTO email_groups (name) VALUES (?)').run(name.trim()).lastInsertRowid));
          groupsAdded++;
        }
      });
      let added = 0;
      let updated = 0;
      const seen = new Set<string>();
      rows.forEach((row, i) => {
        const key = row.address.trim().toLowerCase();
        if (seen.has(key)) throw ApiError.rule(`rows.${i + 1}.address`, 'duplicate');
        seen.add(key);
        const input: ContactInput = { name: row.name, address: row.address, groups: row.groups.map((g) => groupId.get(g.toLowerCase())!) };
        const existing = this.contacts().find((c) => c.address.toLowerCase() === key);
        const others = this.contacts().filter((c) => c.id !== existing?.id);
        refuseProblems(contactProblems(input, { otherAddresses: others.map((c) => c.address.toLowerCase()), groupIds: [...groupId.values()] }), `rows.${i + 1}.`);
        if (existing) {
          this.db.prepare('UPDATE email_contacts SET name = ?, address = ? WHERE id = ?').run(input.name.trim(), input.address.trim(), existing.id);
          this.link(existing.id, input.groups);
          updated++;
        } else {
          if (this.contacts().length >= EMAIL_CONTACTS_MAX) throw ApiError.rule(`rows.${i + 1}.name`, 'limit_reached');
          const id = Number(this.db.prepare('INSERT INTO email_contacts (name, address) VALUES (?, ?)').run(input.name.trim(), input.address.trim()).lastInsertRowid);
          this.link(id, input.groups);
          added++;
        }
      });
      return { added, updated, groups_added: groupsAdded };
    })();
  }
}
