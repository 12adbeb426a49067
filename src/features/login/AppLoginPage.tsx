import { LoginPage } from './LoginPage';

export default function AppLoginPage() {
  return <LoginPage mode="app" />;
}
