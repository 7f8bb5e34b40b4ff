import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn()
  id: number;

  @Column({ type: 'varchar', length: 100, unique: true })
  username: string;

  /** A scrypt hash in the form `scrypt$N$r$p$salt$hash`, never the password itself. */
  @Column({ type: 'text' })
  password: string;
}
