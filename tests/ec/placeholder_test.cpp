#include <gtest/gtest.h>
TEST(EcPlaceholder, Builds) {}
