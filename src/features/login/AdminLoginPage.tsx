import { LoginPage } from './LoginPage';

export default function AdminLoginPage() {
  return <LoginPage mode="admin" />;
}
