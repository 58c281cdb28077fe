<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.9" tiledversion="1.9.0" name="s" tilewidth="8" tileheight="8" margin="1" tilecount="1" columns="1">
 <image source="../../../../art/r22/sheets/s.png" width="10" height="10"/>
 <tile id="0">
  <properties>
   <property name="pivot" value="10.5,16"/>
   <property name="sprite" value="r22/sheets/s/0"/>
  </properties>
  <objectgroup draworder="index" id="1">
   <object id="1" name="pieces" x="0" y="0">
    <polygon points="86.0928718432409,34.259056155432454 85.0673491963455,34.64853484452059 84.12343958355157,34.08958494388158 83.97192619554008,33.0031071291967 84.72690170379354,32.20724135503214 85.81985415190336,32.30129078203699 86.42776805427589,33.21443427341793"/>
   </object>
   <object id="2" name="circle" x="-316571654.81823444" y="-316570748.44967395" width="633143287.3205962" height="633143287.3205962">
    <ellipse/>
   </object>
  </objectgroup>
 </tile>
</tileset>
