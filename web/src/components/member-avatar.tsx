import { Avatar, type AvatarProps } from "@mantine/core";

/** A member's picture, or the first letter of their name. */
export function MemberAvatar({ user, ...props }: { user: { username: string; display_name?: string | null; avatar_url?: string | null } } & AvatarProps) {
  const letter = (user.display_name || user.username || "?").trim().charAt(0).toUpperCase() || "?";
  return (
    <Avatar src={user.avatar_url || null} alt={`@${user.username}`} color="violet" radius="xl" {...props}>
      {letter}
    </Avatar>
  );
}
