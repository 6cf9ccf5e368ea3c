import { LockOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { loginBody } from '@sc/contract';
import { Alert, Button, Flex, Form, theme } from 'antd';
// The input and the password input themselves, not antd's Input with its TextArea, Search and OTP
// (10 KB of the login page's budget, issue 12).
import Input from 'antd/es/input/Input';
import Password from 'antd/es/input/Password';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/errors';
import { sessionApi, useRunningParams } from '../../api/session-api';
import { safeRedirect } from '../../app/guard';
import { applyServerErrors } from '../../components/crud/server-errors';
import { zodRule } from '../../components/crud/zod-rule';
import { LanguageSwitch } from '../../components/language-switch';
import { useLang } from '../../i18n/i18n';
import { markSessionChecked } from '../../session/auto-login';
import { setSession } from '../../session/store';
import { IdentifyCodeImage } from './identify-code';
import './login-page.css';

interface LoginValues {
  account: string;
  password: string;
  identifyCode: string;
}

/** /index and /man/manindex: one form, two titles (spec 000 §2 "Login page"). */
export default function LoginPage({ variant }: { variant: 'user' | 'manage' }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const lang = useLang();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const params = useRunningParams();
  const [form] = Form.useForm<LoginValues>();
  const [failure, setFailure] = useState<string | null>(null);
  const [codeStamp, setCodeStamp] = useState(() => Date.now());
  const [submitting, setSubmitting] = useState(false);
  const shape = loginBody.shape;

  const submit = async (values: LoginValues) => {
    setSubmitting(true);
    setFailure(null);
    try {
      const user = await sessionApi.login(values);
      setSession(user);
      markSessionChecked(user);
      await navigate(safeRedirect(search.get('redirect')), { replace: true });
    } catch (error) {
      setCodeStamp(Date.now());
      form.setFieldValue('identifyCode', '');
      if (!applyServerErrors(form, error)) {
        setFailure(
          isApiError(error) && error.body?.message
            ? error.body.message
            : t('errors.network', { message: t('errors.networkDefault') }),
        );
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Flex className="login-page" vertical align="center" justify="center">
      <div className="login-lang">
        <LanguageSwitch />
      </div>
      {/* Plain elements rather than antd's Card and Typography, which bring Tabs and Tooltip to the first load. */}
      <div className="login-card" style={{ background: token.colorBgContainer }}>
        <Flex vertical align="center" gap={4} style={{ marginBottom: 24 }}>
          <div className="login-logo">SC</div>
          <h1
            className="login-title"
            style={{
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading3,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {t('common.productName')}
          </h1>
          <span style={{ color: token.colorTextSecondary }}>
            {variant === 'manage' ? t('login.manageTitle') : t('login.title')}
          </span>
        </Flex>
        {failure && (
          <Alert type="error" showIcon title={failure} style={{ marginBottom: 16 }} data-testid="login-error" />
        )}
        <Form<LoginValues> form={form} size="large" onFinish={submit} autoComplete="off" name="login">
          <Form.Item name="account" rules={[zodRule(shape.account, lang)]}>
            <Input prefix={<UserOutlined />} placeholder={t('login.account')} autoFocus />
          </Form.Item>
          <Form.Item name="password" rules={[zodRule(shape.password, lang)]}>
            <Password prefix={<LockOutlined />} placeholder={t('login.password')} />
          </Form.Item>
          <Form.Item extra={params.data?.identifyCode === false ? t('login.codeNotChecked') : undefined}>
            <Flex gap={8}>
              <Form.Item name="identifyCode" noStyle rules={[zodRule(shape.identifyCode, lang)]}>
                <Input prefix={<SafetyOutlined />} placeholder={t('login.identifyCode')} maxLength={6} />
              </Form.Item>
              <IdentifyCodeImage stamp={codeStamp} onRefresh={() => setCodeStamp(Date.now())} />
            </Flex>
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={submitting}>
            {t('login.submit')}
          </Button>
        </Form>
        <span className="login-version" style={{ color: token.colorTextSecondary }}>
          {t('common.version', { version: params.data?.version ?? '' })}
        </span>
      </div>
    </Flex>
  );
}
