// The most common passwords of six characters or more (from public breach
// frequency lists), plus this product's own names. Compared case-insensitively.
const COMMON = `123456 password 12345678 qwerty 123456789 111111 1234567 dragon 123123 baseball
abc123 football monkey letmein 696969 shadow master 666666 qwertyuiop 123321 mustang 1234567890
michael 654321 superman 1qaz2wsx 7777777 121212 000000 qazwsx 123qwe killer trustno1 jordan
jennifer zxcvbnm asdfgh hunter buster soccer harley batman andrew tigger sunshine iloveyou
charlie robert thomas hockey ranger daniel starwars klaster 112233 george computer michelle
jessica pepper zxcvbn 555555 11111111 131313 freedom 777777 maggie 159753 aaaaaa ginger
princess joshua cheese amanda summer ashley nicole chelsea biteme matthew access yankees
987654321 dallas austin thunder taylor matrix password1 password123 welcome admin123 passw0rd
qwerty123 1q2w3e4r 1q2w3e abcdef abcd1234 changeme secret letmein1 football1 iloveyou1
welcome1 admin1 p@ssw0rd qwe123 zaq12wsx q1w2e3r4 asdfghjkl 123abc 1qazxsw2 12qwaszx
1q2w3e4r5t qwerty1 123456a a123456 aa123456 123654 666999 987654 monkey1 dragon1 baseball1
superman1 sunshine1 princess1 shadow1 master1 michael1 charlie1 qwertyui 88888888 12341234
11223344 00000000 99999999 1234qwer qwer1234 asd123 zxc123 password12 password2 admin
administrator login qwaszx 147258369 147258 159357 741852963 asdasd 123123123 google
football12 lovely loveme hello123 hello1 whatever flower hottie jesus1 buster1 forever
naruto pokemon blink182 myspace1 purple orange banana cookie chocolate butterfly
playground playgrounds playfolio playfolio1 playground1`;

const set = new Set(COMMON.split(/\s+/).filter((word) => word.length >= 6));

export function isCommonPassword(password: string): boolean {
  return set.has(password.trim().toLowerCase());
}
