// Linked with the whole of one library (tests/layers/CMakeLists.txt): building
// it is the check, so it only has to exist.
int main() { return 0; }
